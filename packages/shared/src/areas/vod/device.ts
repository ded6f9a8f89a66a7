import type { VodOrderState, VodPayment } from './records.js';

/**
 * VOD as a TV receives it (the `vod` configuration part, docs/vod.md): the library its sends resolve
 * to (selected and recommend, by priority MAC over hotel over brand over all), the promotion slots,
 * the films they name and what this room has bought. No schema: the TV carries no zod.
 */
export interface VodConfigPart {
  /** Rows of posters: the recommend library first, then the selected one. */
  rows: VodRowOnTv[];
  promotions: { id: number; name: string; poster: string; movieId: number }[];
  movies: VodMovieOnTv[];
  /** The room's films bought and watchable now (by film). */
  rentals: VodRentalOnTv[];
  /** Whether this room can buy now: a stay that allows room charges, or the hotel's pay at the desk. */
  canBuy: boolean;
  currency: string;
}

export interface VodRowOnTv {
  kind: 'recommend' | 'choose';
  id: number;
  name: string;
  nameEn: string | null;
  movieIds: number[];
}

export interface VodMovieOnTv {
  id: number;
  title: string;
  titleEn: string | null;
  poster: string;
  durationMinutes: number;
  /** Minor units (cents): exact. 0 is free. */
  priceMinor: number;
  previewMinutes: number;
  rentalHours: number;
  description: string | null;
  /** The media address (MP4 or HLS); absent while the film is neither free nor rented (the preview address is given instead). */
  url: string;
}

export interface VodRentalOnTv {
  orderId: number;
  movieId: number;
  state: VodOrderState;
  payment: VodPayment;
  /** ISO time the viewing ends (rental time or check-out). */
  endsAt: string;
}

export interface VodOrderRequest {
  movieId: number;
  requestKey: string;
}

/** A film's title in the content language: English when asked and given, else the Chinese. */
export const movieTitle = (movie: { title: string; titleEn: string | null }, lang: string) => (lang.startsWith('en') && movie.titleEn ? movie.titleEn : movie.title);
