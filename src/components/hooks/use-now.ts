export { useNow } from '@/live/render-clock';
