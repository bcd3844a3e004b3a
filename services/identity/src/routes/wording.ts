/** "1 minute", "15 minutes": counts in messages the user reads. */
export const quantity = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? '' : 's'}`;
