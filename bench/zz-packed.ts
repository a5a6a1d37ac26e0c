import { installExample, prepareExamples } from '../e2e/support/examples';
import { measureWidgetSizes } from './widget-size';
const ws = await prepareExamples();
const dir = ws.exampleDir('vite-react');
await installExample(dir);
const sizes = await measureWidgetSizes({ resolveDir: dir, conditions: [] });
console.log('SDK bytes', sizes.sdk.bytes, 'default', sizes.scenarios[0]!.bytes);
console.log('DIR', dir);
