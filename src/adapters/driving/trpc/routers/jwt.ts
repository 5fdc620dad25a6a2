import { decodeInput, decodeOutput } from '../schemas.js';
import { publicProcedure, router } from '../trpc.js';

export const jwtRouter = router({
  decode: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/jwt/decode',
        protect: false,
        tags: ['jwt'],
        summary: 'Decode a JWT without verifying it',
        description: 'Returns the header, claims and signature of a JWS compact token, and derives exp, iat and nbf. The signature is never verified.',
        errorResponses: { 400: 'Invalid input', 429: 'Rate limit exceeded' },
      },
    })
    .input(decodeInput)
    .output(decodeOutput)
    .query(({ ctx, input }) => ctx.useCases.decodeJwt.execute(input)),
});
