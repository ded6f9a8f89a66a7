import { pm25Words, weatherWords, type WeatherCityOnTv, type WeatherConfigPart } from '@htv/shared/areas/weather/device';
import type { ContentLang } from '@htv/shared/areas/themes/document';
import type { CSSProperties } from 'react';
import { areaWords, type AreaPageProps, type AreaSlotProps } from '../registry';

const zh = { title: '天气', none: '暂无天气信息', wind: '风速', speed: '米/秒', updated: '更新于', today: '今天' };
const en: typeof zh = { title: 'Weather', none: 'No weather information right now', wind: 'Wind', speed: 'm/s', updated: 'Updated', today: 'Today' };

const font = 'system-ui, "Noto Sans CJK SC", "Noto Sans", sans-serif';
const chinese = (lang: ContentLang) => lang.startsWith('zh');
const cityName = (city: WeatherCityOnTv, lang: ContentLang) => (chinese(lang) ? city.name : city.nameEn || city.name);
const degrees = (n: number) => `${Math.round(n)}°`;
const alignToFlex = (align: unknown) => (align === 'center' ? 'center' : align === 'right' ? 'flex-end' : 'flex-start');

/** The city the block asks for is the hotel's local city (empty: the hotel's city), else the TV has no figures for it. */
const shownFor = (part: WeatherConfigPart | undefined, asked: string | undefined) => {
  const city = part?.city ?? null;
  return city && (!asked || asked === city.name || asked === city.nameEn) ? city : null;
};

/**
 * A `weather` block on the launcher: the city, its temperature and the weather in words; without a
 * recent answer from the provider, the city and "--" (never invented figures).
 */
export function Slot({ block, context, part }: AreaSlotProps<WeatherConfigPart>) {
  const asked = (block as { city?: string }).city || undefined;
  const city = shownFor(part, asked);
  const lang = context.lang;
  return (
    <div data-testid="weather-slot" data-state={city ? 'shown' : 'none'} style={{ width: '100%', height: '100%', display: 'flex', alignItems: 'center', gap: 12, padding: '0 12px', boxSizing: 'border-box', justifyContent: alignToFlex(block.align) }}>
      {(city || asked) && <span>{city ? cityName(city, lang) : asked}</span>}
      <span>{city ? `${degrees(city.temperature)} ${weatherWords(city.weatherCode, chinese(lang))}` : '--'}</span>
    </div>
  );
}

const card: CSSProperties = { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '1.5vh', padding: '3vh 2vw', borderRadius: 16, background: 'rgba(255,255,255,.08)', minWidth: '14vw' };

/** The weather page (`openArea` weather): the local city now and its next days. */
export function Page({ part, lang }: AreaPageProps<WeatherConfigPart>) {
  const w = areaWords({ zh, en }, lang);
  const city = part?.city ?? null;
  return (
    <div data-testid="weather-page" style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', padding: '6vh 6vw', gap: '4vh', fontFamily: font }}>
      <div style={{ fontSize: '4.4vh', fontWeight: 700 }}>{city ? cityName(city, lang) : w.title}</div>
      {!city ? (
        <div data-testid="weather-none" style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: '3vh', opacity: 0.8 }}>
          {w.none}
        </div>
      ) : (
        <>
          <div style={{ display: 'flex', alignItems: 'baseline', gap: '3vw' }}>
            <span data-testid="weather-temperature" style={{ fontSize: '14vh', fontWeight: 200 }}>
              {degrees(city.temperature)}
            </span>
            <span style={{ fontSize: '4vh' }}>{weatherWords(city.weatherCode, chinese(lang))}</span>
            <span style={{ fontSize: '2.6vh', opacity: 0.8 }}>
              {w.wind} {city.wind.toFixed(1)} {w.speed}
            </span>
          </div>
          {part?.air && (
            <div data-testid="weather-air" style={{ display: 'flex', alignItems: 'baseline', gap: '2vw', fontSize: '2.8vh' }}>
              <span>
                PM2.5 <b data-testid="weather-pm25">{part.air.pm25.toFixed(0)}</b> μg/m³ {pm25Words(part.air.pm25, chinese(lang))}
              </span>
              <span style={{ opacity: 0.8 }}>PM10 {part.air.pm10.toFixed(0)} μg/m³</span>
            </div>
          )}
          <div style={{ display: 'flex', gap: '2vw' }}>
            {city.days.map((day, i) => (
              <div key={day.date} data-testid="weather-day" style={card}>
                <span style={{ fontSize: '2.4vh', opacity: 0.8 }}>{i === 0 ? w.today : day.date.slice(5)}</span>
                <span style={{ fontSize: '3vh' }}>{weatherWords(day.weatherCode, chinese(lang))}</span>
                <span style={{ fontSize: '2.6vh' }}>
                  {degrees(day.min)} / {degrees(day.max)}
                </span>
              </div>
            ))}
          </div>
          <div style={{ marginTop: 'auto', fontSize: '2vh', opacity: 0.6 }}>
            {w.updated} {new Date(city.observedAt).toLocaleString(lang === 'en' ? 'en-GB' : lang)}
          </div>
        </>
      )}
    </div>
  );
}
