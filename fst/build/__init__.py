"""The build: compile the grammar and lexicon into transducers, export them, make the
profiles' acceptors, and control the build process."""
