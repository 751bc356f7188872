import type { Executor } from '../../db/tx'
import { notFound } from '../../http/errors'

/**
 * An area whose things are shared as cards in a group and which itself builds on groups
 * (auctions: created from a group, seen by its members) registers its visibility check here,
 * so that groups never import it back. The check throws the thing's 404 when the sender may
 * not see it.
 */
export type CardCheck = (db: Executor, cardId: number, senderId: number) => Promise<unknown>

const checks = new Map<string, CardCheck>()

export function registerCardCheck(messageType: string, check: CardCheck): void {
  checks.set(messageType, check)
}

/** The registered check of a card type; without one nothing of that kind can be shown. */
export async function checkRegisteredCard(
  db: Executor,
  messageType: string,
  cardId: number,
  senderId: number,
  missing: string,
): Promise<void> {
  const check = checks.get(messageType)
  if (!check) throw notFound(missing)
  await check(db, cardId, senderId)
}
