"""tactical"""
