/**
 * Where the global audio player bar docks, below the main area (section 2: shown only while something plays).
 * Nothing plays yet; the player feature fills this slot later.
 */
export function PlayerBarSlot() {
  return null;
}
