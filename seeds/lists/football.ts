import type { CountryCode } from './countries'
import type { SideData } from './cricket'
import { india } from './types'

/** Clubs of the football league, each with its home stadium. */
export const CLUBS: SideData[] = [
  { name: 'Mumbai Strikers', attr: 'MUM', color: '#0A3D91', venue: india('Mumbai Football Arena', 'Mumbai') },
  { name: 'Goa Gulls', attr: 'GOA', color: '#F47920', venue: india('Fatorda Stadium', 'Margao') },
  {
    name: 'Kerala Tuskers',
    attr: 'KER',
    color: '#FFD200',
    venue: india('Jawaharlal Nehru Stadium', 'Kochi'),
  },
  {
    name: 'Bengaluru Blues',
    attr: 'BEN',
    color: '#0C2E8A',
    venue: india('Sree Kanteerava Stadium', 'Bengaluru'),
  },
  { name: 'Kolkata Mariners', attr: 'KOL', color: '#1D6F42', venue: india('Salt Lake Stadium', 'Kolkata') },
  {
    name: 'Chennai Titans',
    attr: 'CHN',
    color: '#1F5FAD',
    venue: india('Jawaharlal Nehru Stadium', 'Chennai'),
  },
  {
    name: 'Hyderabad Falcons',
    attr: 'HYD',
    color: '#FDB913',
    venue: india('GMC Balayogi Athletic Stadium', 'Hyderabad'),
  },
  { name: 'Odisha Warriors', attr: 'ODI', color: '#5B2C83', venue: india('Kalinga Stadium', 'Bhubaneswar') },
  {
    name: 'Jamshedpur Steelers',
    attr: 'JAM',
    color: '#E03A3E',
    venue: india('JRD Tata Sports Complex', 'Jamshedpur'),
  },
  {
    name: 'NorthEast Highlanders',
    attr: 'NEH',
    color: '#B71C1C',
    venue: india('Indira Gandhi Athletic Stadium', 'Guwahati'),
  },
]

/** Where each club's foreign signings come from. */
export const FOREIGN: CountryCode[] = ['ES', 'BR', 'FR', 'NG', 'GH', 'HR', 'NL', 'AU', 'GB']

/**
 * Positions of a squad (spec §3): 101 goalkeeper, 102 defender, 103 midfielder, 104 forward.
 * The core seventeen give every club 2 keepers, 6 defenders, 6 midfielders and 3 forwards.
 */
export const FOOTBALL_CORE_STYLES = [
  101, 101, 102, 102, 102, 102, 102, 102, 103, 103, 103, 103, 103, 103, 104, 104, 104,
]
export const FOOTBALL_EXTRA_STYLES = [101, 102, 103, 104]

/** Highest credit value (tenths) by position; every position starts at 7.0. */
export const FOOTBALL_VALUE_CAP: Record<number, number> = { 101: 95, 102: 100, 103: 105, 104: 110 }
