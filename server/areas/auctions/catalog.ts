import { BIDDING_INTERVALS } from '../../domain/auction/rules'

/** Franchise colours an auction offers (`GET /api/auctions/colors`); each manager takes one. */
export const AUCTION_COLORS = [
  { id: 'blue', name: 'Blue', hex: '#1d4ed8' },
  { id: 'yellow', name: 'Yellow', hex: '#facc15' },
  { id: 'red', name: 'Red', hex: '#dc2626' },
  { id: 'purple', name: 'Purple', hex: '#7c3aed' },
  { id: 'orange', name: 'Orange', hex: '#ea580c' },
  { id: 'pink', name: 'Pink', hex: '#db2777' },
  { id: 'navy', name: 'Navy', hex: '#1e3a8a' },
  { id: 'teal', name: 'Teal', hex: '#0d9488' },
  { id: 'green', name: 'Green', hex: '#16a34a' },
  { id: 'maroon', name: 'Maroon', hex: '#7f1d1d' },
  { id: 'silver', name: 'Silver', hex: '#94a3b8' },
  { id: 'black', name: 'Black', hex: '#111827' },
] as const

export const COLOR_IDS = AUCTION_COLORS.map((c) => c.id) as [string, ...string[]]

/** Joining charges in coins an owner may set (`GET /api/auctions/charges`); 0 is free. */
export const AUCTION_CHARGES = [0, 10, 25, 50, 100] as const

export const INTERVAL_IDS = Object.keys(BIDDING_INTERVALS) as [string, ...string[]]

/** The base price of a player in an auction, from his credit value (tenths): 20, 50, 100 or 200. */
export function basePriceOf(valueTenths: number): number {
  if (valueTenths >= 100) return 200
  if (valueTenths >= 90) return 100
  if (valueTenths >= 80) return 50
  return 20
}
