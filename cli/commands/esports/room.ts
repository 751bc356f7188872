import { Command } from 'commander'
import type { Io } from '../../lib/io'

/** `fanspole esports room` (docs/esports.md) — filled in by issue 17's room work. */
export function esportsRoomCommand(_io: Io): Command {
  return new Command('room')
}
