export { createTestStack, eventually, realInfrastructure } from './test-stack.ts';
export type { TestStack } from './test-stack.ts';
