// Built once before any test file runs: the adversarial fixture tree (/tmp/toolwarden-adv)
// several files read at once. Each file rebuilding it in its own beforeAll raced with the
// others running in parallel (one removed the tree while another's cases read it).
import { setupAdversarialFixtures } from './adversarial/setup-fixtures.js';

export function setup(): void {
  setupAdversarialFixtures();
}
