import {
  base,
  da,
  de,
  en,
  en_AU,
  en_GH,
  en_NG,
  en_ZA,
  es,
  es_MX,
  Faker,
  fi,
  fr,
  hr,
  id_ID,
  it,
  type LocaleDefinition,
  nl,
  pt_BR,
} from '@faker-js/faker'
import { createRng, hashString, type RandomStream, type Rng } from '../../server/domain/rng'
import {
  AFGHAN,
  BRITISH,
  CARIBBEAN,
  INDIAN,
  KIWI,
  type NameList,
  PAKISTANI,
  SRI_LANKAN,
} from '../lists/names'

type NameSource = { list: NameList } | { locale: LocaleDefinition }

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

export interface PersonName {
  first: string
  last: string
}

/**
 * All randomness of one seeding run. Named streams (server/domain/rng) keep the parts
 * independent: generating more users never changes the players. Faker instances are
 * seeded per locale from the same root seed, so their output is reproducible too.
 */
export class SeedRandom {
  readonly #rng: Rng
  readonly #fakers = new Map<CountryCode, Faker>()

  constructor(readonly seed: number) {
    this.#rng = createRng(seed)
  }

  stream(name: string): RandomStream {
    return this.#rng.stream(`seeds:${name}`)
  }

  /** A name typical of the country; `taken` (full names) is updated so names never repeat. */
  person(country: CountryCode, sex: 'male' | 'female', rand: RandomStream, taken: Set<string>): PersonName {
    for (let attempt = 0; attempt < 200; attempt++) {
      const name = this.#draw(country, sex, rand)
      const full = `${name.first} ${name.last}`
      if (!taken.has(full)) {
        taken.add(full)
        return name
      }
    }
    throw new Error(`ran out of distinct ${COUNTRIES[country].name} names`)
  }

  #draw(country: CountryCode, sex: 'male' | 'female', rand: RandomStream): PersonName {
    const source: NameSource = COUNTRIES[country].names
    if ('list' in source) {
      const firsts = sex === 'female' && source.list.female ? source.list.female : source.list.male
      return { first: rand.pick(firsts), last: rand.pick(source.list.last) }
    }
    const faker = this.#faker(country, source.locale)
    return { first: faker.person.firstName(sex), last: faker.person.lastName(sex) }
  }

  #faker(country: CountryCode, locale: LocaleDefinition): Faker {
    let faker = this.#fakers.get(country)
    if (!faker) {
      faker = new Faker({ locale: [locale, en, base] })
      faker.seed(hashString(`${this.seed}:faker:${country}`))
      this.#fakers.set(country, faker)
    }
    return faker
  }
}

/** "Jos Buttler" → "J. Buttler", the display style of the original product. */
export function initialled(name: PersonName): string {
  return `${name.first.charAt(0)}. ${name.last}`
}
