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
  // Issue 16 (docs/classroom.md): a class auction seats up to 40 franchises, one colour each.
  { id: 'sky', name: 'Sky', hex: '#0ea5e9' },
  { id: 'lime', name: 'Lime', hex: '#84cc16' },
  { id: 'gold', name: 'Gold', hex: '#ca8a04' },
  { id: 'coral', name: 'Coral', hex: '#f87171' },
  { id: 'indigo', name: 'Indigo', hex: '#4f46e5' },
  { id: 'violet', name: 'Violet', hex: '#a78bfa' },
  { id: 'magenta', name: 'Magenta', hex: '#c026d3' },
  { id: 'rose', name: 'Rose', hex: '#fb7185' },
  { id: 'amber', name: 'Amber', hex: '#f59e0b' },
  { id: 'emerald', name: 'Emerald', hex: '#059669' },
  { id: 'cyan', name: 'Cyan', hex: '#06b6d4' },
  { id: 'olive', name: 'Olive', hex: '#65a30d' },
  { id: 'brown', name: 'Brown', hex: '#92400e' },
  { id: 'slate', name: 'Slate', hex: '#475569' },
  { id: 'mint', name: 'Mint', hex: '#6ee7b7' },
  { id: 'peach', name: 'Peach', hex: '#fdba74' },
  { id: 'lavender', name: 'Lavender', hex: '#c4b5fd' },
  { id: 'crimson', name: 'Crimson', hex: '#b91c1c' },
  { id: 'forest', name: 'Forest', hex: '#166534' },
  { id: 'ocean', name: 'Ocean', hex: '#1e40af' },
  { id: 'sand', name: 'Sand', hex: '#d6b98c' },
  { id: 'plum', name: 'Plum', hex: '#6b21a8' },
  { id: 'rust', name: 'Rust', hex: '#c2410c' },
  { id: 'steel', name: 'Steel', hex: '#64748b' },
  { id: 'jade', name: 'Jade', hex: '#0f766e' },
  { id: 'ruby', name: 'Ruby', hex: '#9f1239' },
  { id: 'saffron', name: 'Saffron', hex: '#f4c430' },
  { id: 'charcoal', name: 'Charcoal', hex: '#374151' },
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
