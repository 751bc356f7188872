export const auctionStream = (id: number) => `auction:${id}`
/** The waiting room's own messages (`managers_changed`): the main stream carries only engine events, numbered by the engine. */
export const roomStream = (id: number) => `auction:${id}:room`
export const managerStream = (auctionId: number, managerId: number) =>
  `auction:${auctionId}:manager:${managerId}`
