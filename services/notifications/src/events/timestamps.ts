/** A protobuf Timestamp as a Date (its shape only, so this service needs no protobuf runtime of its own). */
export const dateOf = (timestamp: { seconds: bigint; nanos: number } | undefined): Date | undefined =>
  timestamp ? new Date(Number(timestamp.seconds) * 1000 + Math.floor(timestamp.nanos / 1_000_000)) : undefined;
