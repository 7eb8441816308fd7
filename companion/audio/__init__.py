"""Sound: the cues the companion plays, spoken announcements, and the microphone that
listens for speech during an Omertà. sounddevice is imported only when sound is used, so
the rest of the app runs without PortAudio."""
