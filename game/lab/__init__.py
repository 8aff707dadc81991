"""Lab screens: watch generators carve and solvers search, compare algorithms, export."""
