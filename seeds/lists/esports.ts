import type { CountryCode } from './countries'
import type { SideData } from './cricket'
import type { SportSlug, Venue } from './types'

/** Esports organisations; each title's league draws its sixteen squads from these. */
export const ORGS: SideData[] = [
  { name: 'Team Soulfire', attr: 'SFR', color: '#E11D48' },
  { name: 'Godspeed Esports', attr: 'GDS', color: '#F59E0B' },
  { name: 'Orbit Gaming', attr: 'ORB', color: '#6366F1' },
  { name: 'Velocity Gaming', attr: 'VLG', color: '#10B981' },
  { name: 'Night Owls', attr: 'NOW', color: '#1E293B' },
  { name: 'Hydra Esports', attr: 'HYD', color: '#7C3AED' },
  { name: 'Team Inferno', attr: 'INF', color: '#DC2626' },
  { name: 'Blackout Esports', attr: 'BLK', color: '#111827' },
  { name: 'Raptor Gaming', attr: 'RPT', color: '#059669' },
  { name: 'Titan Esports', attr: 'TTN', color: '#2563EB' },
  { name: 'Nova Esports', attr: 'NOV', color: '#DB2777' },
  { name: 'Phantom Squad', attr: 'PHS', color: '#4B5563' },
  { name: 'Storm Riders', attr: 'STR', color: '#0EA5E9' },
  { name: 'Cobra Gaming', attr: 'CBR', color: '#65A30D' },
  { name: 'Kaiser Esports', attr: 'KSR', color: '#B45309' },
  { name: 'Zenith Esports', attr: 'ZEN', color: '#0D9488' },
  { name: 'Rebel Wolves', attr: 'RBW', color: '#9333EA' },
  { name: 'Mavericks Gaming', attr: 'MVG', color: '#EA580C' },
  { name: 'Team Tempest', attr: 'TMP', color: '#0284C7' },
  { name: 'Outlaws Esports', attr: 'OTL', color: '#A21CAF' },
  { name: 'Ronin Gaming', attr: 'RNN', color: '#BE123C' },
  { name: 'Apex Predators', attr: 'APX', color: '#15803D' },
  { name: 'Iron Lotus', attr: 'IRL', color: '#57534E' },
  { name: 'Thunder Clan', attr: 'THC', color: '#CA8A04' },
]

export type BattleRoyaleSlug = Extract<SportSlug, 'pubg' | 'free-fire' | 'call-of-duty'>

export interface TitleData {
  league: string
  shortName: string
  maps: string[]
  /** What a win is called in the title. */
  victory: string
  /** Squad nationalities (one per squad, cycled). */
  countries: CountryCode[]
  /** UTC start times of the two daily matches. */
  times: Array<[number, number]>
  /** Minutes after the first free quarter hour of the "about to start" matches. */
  soon: number[]
  finals: Venue
}

export const TITLES: Record<BattleRoyaleSlug, TitleData> = {
  pubg: {
    league: 'PUBG Pro League',
    shortName: 'PPL',
    maps: ['Erangel', 'Miramar', 'Sanhok', 'Vikendi', 'Taego'],
    victory: 'Chicken Dinner',
    countries: ['IN'],
    times: [
      [12, 30],
      [13, 30],
    ],
    soon: [0, 30],
    finals: { name: 'NSCI Dome', location: 'Mumbai', country: 'India' },
  },
  'free-fire': {
    league: 'Free Fire India Championship',
    shortName: 'FFIC',
    maps: ['Bermuda', 'Purgatory', 'Kalahari', 'Alpine', 'NeXTerra'],
    victory: 'Booyah',
    countries: ['IN'],
    times: [
      [11, 30],
      [12, 0],
    ],
    soon: [15],
    finals: { name: 'Yashobhoomi Convention Centre', location: 'New Delhi', country: 'India' },
  },
  'call-of-duty': {
    league: 'CoD Mobile Masters',
    shortName: 'CODM Masters',
    maps: ['Isolated', 'Blackout', 'Alcatraz', 'Krai'],
    victory: 'Victory',
    countries: ['IN', 'US', 'BR', 'ID', 'GB', 'MX'],
    times: [
      [14, 30],
      [15, 30],
    ],
    soon: [30],
    finals: { name: 'HITEX Exhibition Centre', location: 'Hyderabad', country: 'India' },
  },
}
