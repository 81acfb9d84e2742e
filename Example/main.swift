print("Example: coming soon")
