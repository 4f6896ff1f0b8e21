import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFloor } from '../../bench/load/floor.js';
import { startModelServer, type ModelServer } from '../../bench/load/infra.js';

/**
 * The load bench's floor scenario against the bench's own fake model server process over HTTP: it
 * reads every stamped token of every raw turn and charges the CPU of the model server and of the
 * reader to the tokens streamed.
 */
describe('load bench floor', () => {
  const shape = { rate: 400, thinking: 20, answer: 6, rounds: 2 };
  let model: ModelServer;
  beforeAll(async () => {
    model = await startModelServer(shape);
  });
  afterAll(async () => {
    await model?.stop();
  });

  it('streams every raw turn to the end and reports the cost per token', async () => {
    // No database here: the sampler's transaction count is simply not read.
    const floor = await runFloor({ concurrency: 4, shape, rampMs: 0, modelBaseURL: model.baseURL, modelPid: model.pid, databaseUrl: 'postgres://127.0.0.1:1/none' });
    expect(floor.errors).toBe(0);
    expect(floor.tokens).toBe(4 * (shape.thinking + shape.answer));
    expect(floor.tokensPerSecondPerTurn).toBeGreaterThan(0);
    expect(floor.cpuUsPerToken.modelServer).toBeGreaterThan(0);
    expect(floor.cpuUsPerToken.reader).toBeGreaterThan(0);
    // Arrival minus the model server's stamp, with two processes' clocks (performance.timeOrigin is
    // read from the system clock at each start): an idle reader can be a fraction of a millisecond
    // "early" (CI saw -0.11), never by more than the clocks disagree.
    expect(Number.isFinite(floor.delayMs.p50)).toBe(true);
    expect(floor.delayMs.p50).toBeGreaterThan(-1);
    expect(floor.delayMs.p99).toBeGreaterThanOrEqual(floor.delayMs.p50);
    expect(Object.keys(floor.machineCores)).toEqual(expect.arrayContaining(['model-server', 'reader', 'busy', 'cpus']));
  });
});
