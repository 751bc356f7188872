import { base, en, Faker, type LocaleDefinition } from '@faker-js/faker'
import { createRng, hashString, type RandomStream, type Rng } from '../../server/domain/rng'
import { COUNTRIES, type CountryCode, type NameSource } from '../lists/countries'

export { COUNTRIES, type CountryCode }

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
