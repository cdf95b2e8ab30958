"""Reading and writing fight files, and rendering the grid as text and JSON."""
