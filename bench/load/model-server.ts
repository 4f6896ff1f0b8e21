import { FakeOpenAI } from '../../test/support/fake-openai.js';
import { modelScript, type StreamShape } from './model-script.js';

/**
 * The load bench's model server, in its own process (so its work does not land on the service's
 * event loop): the fake OpenAI server streaming stamped tokens at a set rate. Prints its port;
 * answers `stats` over IPC with the streams open now and the most ever open at once.
 */
const shape = JSON.parse(process.argv[2] ?? '{}') as StreamShape;
const fake = await FakeOpenAI.start({ models: ['bench-router', 'bench-reasoner'] });
fake.record = false;
fake.handle(modelScript(shape));
process.on('message', (message: unknown) => {
  if (message === 'stats') process.send?.({ open: fake.open, peakOpen: fake.peakOpen });
  if (message === 'reset-peak') fake.peakOpen = fake.open;
});
process.on('disconnect', () => void fake.close().then(() => process.exit(0)));
process.stdout.write(`${JSON.stringify({ port: fake.port })}\n`);
