import type { CountryCode } from './countries'
import { india, type Venue } from './types'

export interface SideData {
  name: string
  attr: string
  color: string
  venue?: Venue
}

/** Franchise sides of the T20 league, each with its home ground. */
export const FRANCHISES: SideData[] = [
  { name: 'Mumbai Mariners', attr: 'MUM', color: '#004BA0', venue: india('Wankhede Stadium', 'Mumbai') },
  {
    name: 'Chennai Chargers',
    attr: 'CHE',
    color: '#F9CD05',
    venue: india('MA Chidambaram Stadium', 'Chennai'),
  },
  { name: 'Kolkata Tigers', attr: 'KOL', color: '#3A225D', venue: india('Eden Gardens', 'Kolkata') },
  {
    name: 'Bengaluru Blasters',
    attr: 'BLR',
    color: '#EC1C24',
    venue: india('M. Chinnaswamy Stadium', 'Bengaluru'),
  },
  { name: 'Delhi Dynamos', attr: 'DEL', color: '#17479E', venue: india('Arun Jaitley Stadium', 'Delhi') },
  {
    name: 'Hyderabad Hurricanes',
    attr: 'HYD',
    color: '#F26522',
    venue: india('Rajiv Gandhi International Stadium', 'Hyderabad'),
  },
  { name: 'Punjab Panthers', attr: 'PUN', color: '#DD1F2D', venue: india('PCA Stadium', 'Mohali') },
  { name: 'Jaipur Jaguars', attr: 'JAI', color: '#EA1A85', venue: india('Sawai Mansingh Stadium', 'Jaipur') },
  { name: 'Lucknow Lions', attr: 'LKN', color: '#00A7E1', venue: india('Ekana Cricket Stadium', 'Lucknow') },
  {
    name: 'Ahmedabad Arrows',
    attr: 'AHM',
    color: '#1B2133',
    venue: india('Narendra Modi Stadium', 'Ahmedabad'),
  },
]

/** National sides: every player is from the country. */
export const NATIONS: Array<SideData & { code: CountryCode }> = [
  { name: 'India', attr: 'IND', color: '#1C4EA0', code: 'IN' },
  { name: 'Australia', attr: 'AUS', color: '#FFCD00', code: 'AU' },
  { name: 'England', attr: 'ENG', color: '#002147', code: 'EN' },
  { name: 'New Zealand', attr: 'NZ', color: '#111111', code: 'NZ' },
  { name: 'South Africa', attr: 'SA', color: '#007A4D', code: 'ZA' },
  { name: 'Pakistan', attr: 'PAK', color: '#01411C', code: 'PK' },
  { name: 'Sri Lanka', attr: 'SL', color: '#0A2A6B', code: 'LK' },
]

/**
 * Sides with no fixture this season, seeded after everything else (their rows come last, so
 * every other id stays as it was): their players fill the `league` auction pool, which a class
 * of 30 needs — 30 squads of 11 is more than the 17 sides above hold (docs/auctions.md).
 */
export const RESERVE_SIDES: Array<SideData & { code: CountryCode }> = [
  { name: 'West Indies', attr: 'WI', color: '#7B0041', code: 'WI' },
  { name: 'Afghanistan', attr: 'AFG', color: '#0066B3', code: 'AF' },
  { name: 'India A', attr: 'INDA', color: '#FF9933', code: 'IN' },
  { name: 'England Lions', attr: 'ENGL', color: '#C8102E', code: 'EN' },
]

/** Where franchise overseas players come from. */
export const OVERSEAS: CountryCode[] = ['AU', 'EN', 'NZ', 'ZA', 'LK', 'AF', 'WI']

const ground = (name: string, location: string, country: string): Venue => ({ name, location, country })

export const SOUTH_AFRICA_GROUNDS: Venue[] = [
  ground('The Wanderers Stadium', 'Johannesburg', 'South Africa'),
  ground('Newlands', 'Cape Town', 'South Africa'),
  ground('Kingsmead', 'Durban', 'South Africa'),
  ground('SuperSport Park', 'Centurion', 'South Africa'),
]

export const ENGLAND_GROUNDS: Venue[] = [
  ground("Lord's", 'London', 'England'),
  ground('Edgbaston', 'Birmingham', 'England'),
  ground('Old Trafford', 'Manchester', 'England'),
]

export const AUSTRALIA_GROUNDS: Venue[] = [
  ground('Melbourne Cricket Ground', 'Melbourne', 'Australia'),
  ground('Adelaide Oval', 'Adelaide', 'Australia'),
  ground('Sydney Cricket Ground', 'Sydney', 'Australia'),
]

/**
 * Style codes of a squad (spec §3): 7 pure keeper, 5 keeper-batter, 1 batter, 3 batting
 * all-rounder, 9 all-rounder, 11 bowling all-rounder, 13 bowler. The core sixteen give
 * every side two keepers, five batters, four all-rounders and five bowlers; one or two
 * extras take a squad to 17 or 18.
 */
export const CRICKET_CORE_STYLES = [7, 5, 1, 1, 1, 1, 3, 9, 9, 9, 11, 13, 13, 13, 13, 13]
export const CRICKET_EXTRA_STYLES = [5, 1, 3, 9, 11, 13, 13]

/** Highest credit value (tenths) a style reaches; every style starts at 7.0. */
export const CRICKET_VALUE_CAP: Record<number, number> = {
  1: 105,
  3: 105,
  5: 105,
  7: 95,
  9: 105,
  11: 100,
  13: 100,
}
