/** The TVs' `laundry` part (docs/laundry.md): the washes of the TV's room, running or waiting to be unloaded. */
export interface LaundryConfigPart {
  washes: { id: number; number: string; type: 'washer' | 'dryer' | 'washerDryer' | string; state: 'running' | 'finished'; endsAt: string }[];
}
