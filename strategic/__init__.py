"""strategic"""
