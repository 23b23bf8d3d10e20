/**
 * Given/when/then for deciders (tests only; not exported from the package index):
 *
 *   given(evolve, initialState, [pastEvents])
 *     .when((state) => decide(command, state, context))
 *     .thenEmits([expectedEvents]);   // or .thenNothing() or .thenThrows('not_found', /not found/)
 *
 * (`thenEmits`, not `then`: an object with a `then` method would pass for a promise.)
 * `thenEmits` also checks that the events survive a JSON round trip unchanged (they go into a log).
 */
import { expect } from 'vitest';
import type { DomainErrorCode } from './errors.ts';
import { DomainError } from './errors.ts';

export interface WhenResult<TEvent> {
  thenEmits(expected: TEvent[]): TEvent[];
  /** Same as `thenEmits([])`: the command is accepted and changes nothing. */
  thenNothing(): void;
  thenThrows(code: DomainErrorCode, detail?: string | RegExp): DomainError;
}

export function given<TState, TEvent>(
  evolve: (state: TState, event: TEvent) => TState,
  initialState: TState,
  events: readonly TEvent[] = [],
) {
  const state = events.reduce(evolve, initialState);
  return {
    state,
    when(act: (state: TState) => TEvent[]): WhenResult<TEvent> {
      return {
        thenEmits(expected) {
          const actual = act(state);
          expect(actual).toStrictEqual(expected);
          expect(JSON.parse(JSON.stringify(actual))).toStrictEqual(actual);
          return actual;
        },
        thenNothing() {
          expect(act(state)).toStrictEqual([]);
        },
        thenThrows(code, detail) {
          let thrown: unknown;
          try {
            const produced = act(state);
            thrown = new Error(`expected a DomainError '${code}', got events ${JSON.stringify(produced)}`);
          } catch (error) {
            thrown = error;
          }
          if (!(thrown instanceof DomainError)) throw thrown;
          expect({ code: thrown.code, detail: thrown.detail }).toMatchObject({ code });
          if (typeof detail === 'string') expect(thrown.detail).toBe(detail);
          else if (detail) expect(thrown.detail).toMatch(detail);
          return thrown;
        },
      };
    },
  };
}
