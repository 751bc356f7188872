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
  // A classroom auction seats 30 and more: one colour per manager, so 40 in all.
  { id: 'gold', name: 'Gold', hex: '#ca8a04' },
  { id: 'lime', name: 'Lime', hex: '#65a30d' },
  { id: 'olive', name: 'Olive', hex: '#4d7c0f' },
  { id: 'mint', name: 'Mint', hex: '#34d399' },
  { id: 'cyan', name: 'Cyan', hex: '#0891b2' },
  { id: 'sky', name: 'Sky', hex: '#0284c7' },
  { id: 'indigo', name: 'Indigo', hex: '#4338ca' },
  { id: 'violet', name: 'Violet', hex: '#8b5cf6' },
  { id: 'lavender', name: 'Lavender', hex: '#a78bfa' },
  { id: 'magenta', name: 'Magenta', hex: '#c026d3' },
  { id: 'rose', name: 'Rose', hex: '#e11d48' },
  { id: 'coral', name: 'Coral', hex: '#fb7185' },
  { id: 'crimson', name: 'Crimson', hex: '#991b1b' },
  { id: 'brown', name: 'Brown', hex: '#92400e' },
  { id: 'tan', name: 'Tan', hex: '#d6a36a' },
  { id: 'slate', name: 'Slate', hex: '#475569' },
  { id: 'grey', name: 'Grey', hex: '#6b7280' },
  { id: 'white', name: 'White', hex: '#f8fafc' },
  { id: 'emerald', name: 'Emerald', hex: '#059669' },
  { id: 'turquoise', name: 'Turquoise', hex: '#2dd4bf' },
  { id: 'plum', name: 'Plum', hex: '#6b21a8' },
  { id: 'amber', name: 'Amber', hex: '#f59e0b' },
  { id: 'peach', name: 'Peach', hex: '#fdba74' },
  { id: 'khaki', name: 'Khaki', hex: '#a3a33a' },
  { id: 'forest', name: 'Forest', hex: '#166534' },
  { id: 'ocean', name: 'Ocean', hex: '#1e40af' },
  { id: 'sand', name: 'Sand', hex: '#d6b98c' },
  { id: 'rust', name: 'Rust', hex: '#c2410c' },
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
