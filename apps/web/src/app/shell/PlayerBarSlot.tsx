import { PlayerBar } from '../../features/player/index.ts';

/** Where the global audio player bar docks, below the main area (section 2: shown only while something plays). */
export function PlayerBarSlot() {
  return <PlayerBar />;
}
