// An lru-cache bounded by entry count without preallocating: `max` makes lru-cache build
// arrays of that length up front (about 120 ms for 500,000 entries), which every fresh
// policy set or test case would pay. Counting each entry as size 1 bounds it the same way.
import { LRUCache } from 'lru-cache';

export function boundedCache<K extends {}, V extends {}>(maxEntries: number): LRUCache<K, V> {
  return new LRUCache<K, V>({ maxSize: maxEntries, sizeCalculation: () => 1 });
}
