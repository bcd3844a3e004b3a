import type { Logger } from '@betterplus/kit';

/**
 * Work a request starts but does not wait for, run one task at a time in the order given (a
 * burst of requests queues here instead of taking every database connection); the service
 * waits for the queue before it closes.
 */
export interface BackgroundTasks {
  run(name: string, task: () => Promise<void>): void;
  drain(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  let tail: Promise<void> = Promise.resolve();
  return {
    run(name, task) {
      tail = tail.then(task).catch((error: unknown) => {
        logger.error({ err: error, task: name }, 'background task failed');
      });
    },
    drain: () => tail,
  };
}
