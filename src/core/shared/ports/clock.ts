/** The source of the current instant. The core never reads the system time itself. */
export interface Clock {
  /** Milliseconds since the Unix epoch, as a whole number. */
  nowMs(): number;
}
