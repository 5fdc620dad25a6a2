import type { Clock } from '../../shared/ports/clock.js';
import type { TokenIdentification, TokenIdentifyInput } from '../model.js';

/** `/token/identify` (contract §12). SKELETON: being written. */
export class IdentifyToken {
  constructor(private readonly clock: Clock) {}

  execute(input: TokenIdentifyInput): TokenIdentification {
    void this.clock;
    return { input: input.value, candidates: [], notes: [], source: 'token_identify' };
  }
}
