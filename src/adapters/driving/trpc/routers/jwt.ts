import { decode } from '../operations.js';
import { procedureOf, router } from '../trpc.js';

export const jwtRouter = router({
  decode: procedureOf(decode),
});
