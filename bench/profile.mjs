// `node --cpu-prof --cpu-prof-dir=bench/.prof bench/profile.mjs [policy]`: Toolwarden alone on the
// corpus, for reading where its time goes (see PROFILE.md).
import { makeCorpus } from './corpus.mjs';
import { toolwarden } from './engines/toolwarden.mjs';
const engine = toolwarden('toolwarden', process.argv[2] ?? 'reference.yaml');
await engine.setup();
const corpus = makeCorpus();
const rounds = Number(process.env.PROFILE_ROUNDS ?? 20);
for (let round = 0; round < rounds; round++) for (const call of corpus) engine.decide(call);
