/** The shapes the lists are written in (the generators build the league from them). */
export type SportSlug = 'cricket' | 'football' | 'f1' | 'pubg' | 'free-fire' | 'call-of-duty'

export interface Venue {
  name: string
  location: string | null
  country: string | null
}

/** A ground in India. */
export const india = (name: string, location: string): Venue => ({ name, location, country: 'India' })
