import pino, { type Logger } from 'pino';
import type { Config } from '../config';

export function createLogger(config: Pick<Config, 'logLevel' | 'isProduction'>): Logger {
  const pretty = !config.isProduction && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
    transport: pretty ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } : undefined,
  });
}
