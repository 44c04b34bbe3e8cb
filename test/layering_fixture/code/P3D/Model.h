// Fixture: included by the bad files.
