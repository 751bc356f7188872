/**
 * A Map for the common case of a single entry: the key and value sit in two fields, and a real
 * Map (a hash table of about 150 bytes) is made only when a second key arrives. Ten thousand
 * connections each hold one subscription, and a user's stream has one identifier.
 */
export class SmallMap<K, V> {
  private key: K | undefined
  private value: V | undefined
  private occupied = false
  private map: Map<K, V> | undefined

  get size(): number {
    if (this.map) return this.map.size
    return this.occupied ? 1 : 0
  }

  get(key: K): V | undefined {
    if (this.map) return this.map.get(key)
    return this.occupied && this.key === key ? this.value : undefined
  }

  has(key: K): boolean {
    if (this.map) return this.map.has(key)
    return this.occupied && this.key === key
  }

  set(key: K, value: V): void {
    if (this.map) {
      this.map.set(key, value)
    } else if (!this.occupied || this.key === key) {
      this.key = key
      this.value = value
      this.occupied = true
    } else {
      this.map = new Map([[this.key as K, this.value as V]])
      this.map.set(key, value)
      this.key = undefined
      this.value = undefined
      this.occupied = false
    }
  }

  delete(key: K): boolean {
    if (this.map) return this.map.delete(key)
    if (!this.occupied || this.key !== key) return false
    this.key = undefined
    this.value = undefined
    this.occupied = false
    return true
  }

  /** The entries in insertion order (a copy: the map may change while they are used). */
  entries(): Array<[K, V]> {
    if (this.map) return [...this.map]
    return this.occupied ? [[this.key as K, this.value as V]] : []
  }

  values(): V[] {
    return this.entries().map(([, value]) => value)
  }
}
