import { version, name } from '../../package.json';

export const productName: string = name;
export const productVersion: string = version;
