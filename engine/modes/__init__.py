"""The maze modes: play, race (with ghosts and two players), the Lab, the daily and the campaign.

Each mode's rules, state and clock live in one session object; the game and the CLI drive it.
"""
