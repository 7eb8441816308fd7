"""The table dashboard (Textual): what the table looks at, and where moves are typed."""
