// Properties run with random seeds where people run the tests, so each run explores new
// inputs; in CI they run with one fixed seed (FC_SEED, else SEED_IN_CI), so a green CI stays
// green for the same commit and a red one replays. `npm run test:explore` runs the
// properties with fresh seeds several times, for the search CI no longer does.
import fc from 'fast-check';

const SEED_IN_CI = 20261202;

const seed = process.env.FC_SEED !== undefined ? Number(process.env.FC_SEED) : process.env.CI ? SEED_IN_CI : undefined;
if (seed !== undefined && Number.isInteger(seed)) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
