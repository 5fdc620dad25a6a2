import type { Clock } from '../../shared/ports/clock.js';
import type { KeyCodec } from '../../keys/ports/key-codec.js';
import { DomainError } from '../../shared/errors.js';
import type { TokenVerification, TokenVerifyInput } from '../model.js';

/** `/token/verify` (contract §12). SKELETON: being written. */
export class VerifyToken {
  constructor(
    private readonly clock: Clock,
    private readonly keyCodec: KeyCodec,
  ) {}

  // eslint-disable-next-line @typescript-eslint/require-await
  async execute(input: TokenVerifyInput): Promise<TokenVerification> {
    void this.clock;
    void this.keyCodec;
    throw new DomainError('TOKEN_OPTION_INVALID', `format ${input.format} is not verified yet`);
  }
}
