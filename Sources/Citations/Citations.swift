// Citations: see ARCHITECTURE.md for this module's job.
