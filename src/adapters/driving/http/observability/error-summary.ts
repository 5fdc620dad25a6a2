/** What may be logged of an unexpected error: its type and stack frames, never its message, which can quote input. */
export function errorSummary(error: unknown): { type: string; frames?: string } {
  if (!(error instanceof Error)) return { type: typeof error };
  const frames = error.stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  return frames ? { type: error.name, frames } : { type: error.name };
}
