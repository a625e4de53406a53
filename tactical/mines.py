"""Minefields (001 "Minefields", option minefields).  Distances in inches.

* A ship beginning its move in a mined 12" Sector rolls a D6: on 5-6 it meets a mine and avoids it when D6 + crew
  quality 2 + its target score reaches the Sector's density (10-14); else it takes a 3-Damage-Dice AP +1 hit
  treated as a torpedo, against which Torpedo Belts do nothing (R-TAC-65).
* A Minesweeper beginning its move in the Sector sweeps it (D6 + 2 >= 8 lowers the density by 1, to 10 at least; a
  failure meets a mine); ships within 6" astern of a sweeper that swept get +1 to avoid mines.  A ship that swept
  (or tried), or took that +1, gives no Order that turn (R-TAC-85).
"""

from __future__ import annotations

from scenarios.cards import Arc, ShipType, WeaponKind, WeaponSystem
from tactical import events as ev
from tactical.damage import roll_damage
from tactical.geometry import RangeBand, arcs_of, distance
from tactical.state import Battle, ShipState

R_MINES = "001 Minefields (option)"
CREW_QUALITY_001 = 2
TARGET_SCORE_001 = {
    ShipType.BATTLESHIP: 4,
    ShipType.CARRIER: 4,
    ShipType.CIVILIAN: 4,
    ShipType.CRUISER: 5,
    ShipType.DESTROYER: 6,
    ShipType.SUBMARINE: 6,
    ShipType.INSTALLATION: 4,
}
"""R-TAC-65: 001's Target score by type (the 2nd edition has none)."""
MINE = WeaponSystem(name="Mine", kind=WeaponKind.TORPEDO, arcs=list(Arc), ranges=(1, 1, 1, 1), ad=1, ap=1, dd=3)


def sweep(battle: Battle, ship: ShipState) -> bool:
    """A Minesweeper beginning its move in a mined Sector sweeps it: D6 + 2 >= 8 lowers the density by 1 (not
    below 10); a failure meets a mine at once.  Returns whether it swept."""
    assert ship.pos is not None
    sector = battle.state.table.sector(ship.pos)
    density = battle.state.minefields.get(sector)
    if density is None:
        return False
    roll = battle.dice.d6(label=f"{ship.name} minesweeping", rule=R_MINES)
    battle.state.sweep_bound.append(ship.name)  # no Order while sweeping (R-TAC-85)
    if roll + CREW_QUALITY_001 + ship.crew_modifier() >= 8:
        battle.state.minefields[sector] = max(density - 1, 10)
        battle.log.emit(ev.SectorSwept, ship=ship.name, sector=sector, density=battle.state.minefields[sector])
        battle.state.swept.append(ship.name)
        return True
    battle.log.emit(ev.SweepFailed, ship=ship.name, sector=sector)
    _meet_mine(battle, ship, density)
    return False


def mine_check(battle: Battle, ship: ShipState) -> None:
    """001 Minefields: at the beginning of a ship's move in a mined Sector (option minefields)."""
    if not battle.state.options.minefields or not battle.state.minefields or ship.pos is None or ship.underwater:
        return
    sector = battle.state.table.sector(ship.pos)
    density = battle.state.minefields.get(sector)
    if density is None:
        return
    if ship.has("Minesweeper"):
        sweep(battle, ship)
        return
    if battle.dice.d6(label=f"{ship.name} in a minefield", rule=R_MINES) >= 5:
        _meet_mine(battle, ship, density)


def _meet_mine(battle: Battle, ship: ShipState, density: int) -> None:
    bonus = 0
    for other in battle.state.afloat(ship.side):
        if other.name not in battle.state.swept or other is ship or other.pos is None or ship.pos is None:
            continue
        if distance(other.pos, ship.pos) <= 6.0 and Arc.AFT in arcs_of(other.pos, other.heading, ship.pos):
            bonus = 1
    if bonus:
        battle.state.sweep_bound.append(ship.name)  # following the sweeper: no Order this turn (R-TAC-85)
    score = TARGET_SCORE_001[ship.type]
    roll = battle.dice.d6(label=f"{ship.name} avoids the mine?", rule=R_MINES)
    total = roll + CREW_QUALITY_001 + ship.crew_modifier() + score + bonus
    if total >= density:
        battle.log.emit(ev.MineAvoided, ship=ship.name, total=total, density=density)
        return
    battle.log.emit(ev.MineStruck, ship=ship.name, total=total, density=density)
    roll_damage(battle, _MineLayer(), MINE, ship, 1, RangeBand.POINT_BLANK, side_arc=False)


class _MineLayer:
    name = "a mine"
