import type { CountryCode } from './countries'
import type { SideData } from './cricket'

/** Constructors, strongest first (the seeded strength adds some noise to this order). */
export const CONSTRUCTORS: Array<SideData & { country: string }> = [
  { name: 'Taurus Racing', attr: 'TAU', color: '#1E41FF', country: 'Austria' },
  { name: 'Papaya Racing', attr: 'PAP', color: '#FF8000', country: 'United Kingdom' },
  { name: 'Scuderia Rossa', attr: 'ROS', color: '#DC0000', country: 'Italy' },
  { name: 'Argento Motorsport', attr: 'ARG', color: '#00D2BE', country: 'Germany' },
  { name: 'Emerald Racing', attr: 'EME', color: '#006F62', country: 'United Kingdom' },
  { name: 'Grove Racing', attr: 'GRV', color: '#005AFF', country: 'United Kingdom' },
  { name: 'Bleu Racing', attr: 'BLE', color: '#0090FF', country: 'France' },
  { name: 'Faenza Racing', attr: 'FAE', color: '#6692FF', country: 'Italy' },
  { name: 'Hinwil Motorsport', attr: 'HIN', color: '#52E252', country: 'Switzerland' },
  { name: 'Stars & Stripes Racing', attr: 'SSR', color: '#B6BABD', country: 'United States' },
  { name: 'Bharat Racing', attr: 'BHR', color: '#FF9933', country: 'India' },
]

export const DRIVER_COUNTRIES: CountryCode[] = [
  'GB',
  'NL',
  'ES',
  'FR',
  'DE',
  'IT',
  'FI',
  'AU',
  'BR',
  'MX',
  'DK',
  'US',
  'IN',
  'NZ',
]

/** [Grand Prix, circuit, city, country] in calendar order. */
export const GRANDS_PRIX: Array<[string, string, string, string]> = [
  ['Bahrain Grand Prix', 'Bahrain International Circuit', 'Sakhir', 'Bahrain'],
  ['Saudi Arabian Grand Prix', 'Jeddah Corniche Circuit', 'Jeddah', 'Saudi Arabia'],
  ['Australian Grand Prix', 'Albert Park Circuit', 'Melbourne', 'Australia'],
  ['Japanese Grand Prix', 'Suzuka Circuit', 'Suzuka', 'Japan'],
  ['Chinese Grand Prix', 'Shanghai International Circuit', 'Shanghai', 'China'],
  ['Miami Grand Prix', 'Miami International Autodrome', 'Miami', 'United States'],
  ['Emilia Romagna Grand Prix', 'Imola Circuit', 'Imola', 'Italy'],
  ['Monaco Grand Prix', 'Circuit de Monaco', 'Monte Carlo', 'Monaco'],
  ['Spanish Grand Prix', 'Circuit de Barcelona-Catalunya', 'Barcelona', 'Spain'],
  ['Canadian Grand Prix', 'Circuit Gilles Villeneuve', 'Montreal', 'Canada'],
  ['Austrian Grand Prix', 'Red Bull Ring', 'Spielberg', 'Austria'],
  ['British Grand Prix', 'Silverstone Circuit', 'Silverstone', 'United Kingdom'],
  ['Belgian Grand Prix', 'Circuit de Spa-Francorchamps', 'Stavelot', 'Belgium'],
  ['Hungarian Grand Prix', 'Hungaroring', 'Budapest', 'Hungary'],
  ['Dutch Grand Prix', 'Circuit Zandvoort', 'Zandvoort', 'Netherlands'],
  ['Italian Grand Prix', 'Autodromo Nazionale Monza', 'Monza', 'Italy'],
  ['Azerbaijan Grand Prix', 'Baku City Circuit', 'Baku', 'Azerbaijan'],
  ['Singapore Grand Prix', 'Marina Bay Street Circuit', 'Singapore', 'Singapore'],
  ['Indian Grand Prix', 'Buddh International Circuit', 'Greater Noida', 'India'],
  ['United States Grand Prix', 'Circuit of the Americas', 'Austin', 'United States'],
  ['Mexico City Grand Prix', 'Autódromo Hermanos Rodríguez', 'Mexico City', 'Mexico'],
  ['São Paulo Grand Prix', 'Interlagos', 'São Paulo', 'Brazil'],
  ['Las Vegas Grand Prix', 'Las Vegas Strip Circuit', 'Las Vegas', 'United States'],
  ['Abu Dhabi Grand Prix', 'Yas Marina Circuit', 'Abu Dhabi', 'United Arab Emirates'],
]
