import type { Clock } from '../../core/shared/ports/clock.js';

export class SystemClock implements Clock {
  nowMs(): number {
    return Date.now();
  }
}
