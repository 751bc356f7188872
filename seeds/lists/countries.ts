/** Where the league's people come from: each country's stored name and the source of its names. */
import {
  da,
  de,
  en_AU,
  en_GH,
  en_NG,
  en_ZA,
  es,
  es_MX,
  fi,
  fr,
  hr,
  id_ID,
  it,
  type LocaleDefinition,
  nl,
  pt_BR,
} from '@faker-js/faker'
import { AFGHAN, BRITISH, CARIBBEAN, INDIAN, KIWI, type NameList, PAKISTANI, SRI_LANKAN } from './names'

export type NameSource = { list: NameList } | { locale: LocaleDefinition }

/** Every nationality in the league: the country name stored on rows and where names come from. */
export const COUNTRIES = {
  IN: { name: 'India', names: { list: INDIAN } },
  EN: { name: 'England', names: { list: BRITISH } },
  GB: { name: 'United Kingdom', names: { list: BRITISH } },
  US: { name: 'United States', names: { list: BRITISH } },
  NZ: { name: 'New Zealand', names: { list: KIWI } },
  PK: { name: 'Pakistan', names: { list: PAKISTANI } },
  LK: { name: 'Sri Lanka', names: { list: SRI_LANKAN } },
  AF: { name: 'Afghanistan', names: { list: AFGHAN } },
  WI: { name: 'West Indies', names: { list: CARIBBEAN } },
  AU: { name: 'Australia', names: { locale: en_AU } },
  ZA: { name: 'South Africa', names: { locale: en_ZA } },
  NG: { name: 'Nigeria', names: { locale: en_NG } },
  GH: { name: 'Ghana', names: { locale: en_GH } },
  ES: { name: 'Spain', names: { locale: es } },
  MX: { name: 'Mexico', names: { locale: es_MX } },
  BR: { name: 'Brazil', names: { locale: pt_BR } },
  FR: { name: 'France', names: { locale: fr } },
  HR: { name: 'Croatia', names: { locale: hr } },
  NL: { name: 'Netherlands', names: { locale: nl } },
  DE: { name: 'Germany', names: { locale: de } },
  IT: { name: 'Italy', names: { locale: it } },
  FI: { name: 'Finland', names: { locale: fi } },
  DK: { name: 'Denmark', names: { locale: da } },
  ID: { name: 'Indonesia', names: { locale: id_ID } },
} satisfies Record<string, { name: string; names: NameSource }>

export type CountryCode = keyof typeof COUNTRIES
