"""Writers for VASSAL files, mirroring importers.vassal."""
