/**
 * Draws the results' dots (result-dots.ts) straight into MapLibre's WebGL context as a custom layer:
 * a change is uploaded in the next frame, with no worker round trip (issue 18, problem 4). One point
 * sprite per dot, a disc with an optional white ring, sized and faded by zoom as DOT_STYLE says,
 * hidden from OUTLINES_FULL_ZOOM up where the tiles outline every parcel. Mercator projection only
 * (the app never switches to the globe): positions are Mercator [0, 1], placed by the custom-layer
 * projection data's `mainMatrix` (`modelViewProjectionMatrix` is in world pixels).
 */
import type { CustomLayerInterface, CustomRenderMethodInput, Map as MapLibreMap } from 'maplibre-gl'
import type { Theme } from '../../../format/themes'
import { OUTLINES_FULL_ZOOM } from '../tiles/tile-layers'
import { DOT_STYLE, interpolateStops, type ResultDots } from './result-dots'

const VERTEX = `#version 300 es
uniform mat4 u_matrix;
uniform float u_size;
in vec2 a_pos;
in vec3 a_color;
out vec3 v_color;
void main() {
  v_color = a_color / 255.0;
  gl_Position = u_matrix * vec4(a_pos, 0.0, 1.0);
  gl_PointSize = u_size;
}`

// Distances in device px from the sprite's centre; a one-pixel ramp smooths each edge, as MapLibre's circles do.
const FRAGMENT = `#version 300 es
precision highp float;
uniform float u_size;
uniform float u_radius;
uniform float u_stroke;
uniform float u_opacity;
in vec3 v_color;
out vec4 fragColor;
void main() {
  float d = length(gl_PointCoord - vec2(0.5)) * u_size;
  float outer = 1.0 - smoothstep(u_radius + u_stroke - 0.5, u_radius + u_stroke + 0.5, d);
  if (outer <= 0.0) discard;
  float inner = u_stroke > 0.0 ? 1.0 - smoothstep(u_radius - 0.5, u_radius + 0.5, d) : 1.0;
  vec3 color = mix(vec3(1.0), v_color, inner);
  float alpha = outer * u_opacity;
  fragColor = vec4(color * alpha, alpha);
}`

export class DotsLayer implements CustomLayerInterface {
  readonly type = 'custom' as const
  readonly renderingMode = '2d' as const
  private map: MapLibreMap | null = null
  private gl: WebGL2RenderingContext | null = null
  private program: WebGLProgram | null = null
  private vao: WebGLVertexArrayObject | null = null
  private positions: WebGLBuffer | null = null
  private colors: WebGLBuffer | null = null
  private count = 0
  private uploaded = { version: -1, theme: null as Theme | null }
  private uniforms: Record<'matrix' | 'size' | 'radius' | 'stroke' | 'opacity', WebGLUniformLocation | null> | null =
    null

  constructor(
    readonly id: string,
    private readonly dots: ResultDots,
    private current: Theme,
  ) {}

  /** The theme the dots are coloured by. */
  get theme(): Theme {
    return this.current
  }

  setTheme(theme: Theme): void {
    if (theme === this.current) return
    this.current = theme
    this.map?.triggerRepaint()
  }

  /** The dots changed: draw them in the next frame. */
  changed(): void {
    this.map?.triggerRepaint()
  }

  onAdd(map: MapLibreMap, gl: WebGLRenderingContext | WebGL2RenderingContext): void {
    this.map = map
    if (!('createVertexArray' in gl)) return // MapLibre 5+ always gives WebGL2; nothing to draw without it
    this.gl = gl
    const program = linkProgram(gl, VERTEX, FRAGMENT)
    if (!program) return
    this.program = program
    this.uniforms = {
      matrix: gl.getUniformLocation(program, 'u_matrix'),
      size: gl.getUniformLocation(program, 'u_size'),
      radius: gl.getUniformLocation(program, 'u_radius'),
      stroke: gl.getUniformLocation(program, 'u_stroke'),
      opacity: gl.getUniformLocation(program, 'u_opacity'),
    }
    this.positions = gl.createBuffer()
    this.colors = gl.createBuffer()
    this.vao = gl.createVertexArray()
    gl.bindVertexArray(this.vao)
    const pos = gl.getAttribLocation(program, 'a_pos')
    gl.bindBuffer(gl.ARRAY_BUFFER, this.positions)
    gl.enableVertexAttribArray(pos)
    gl.vertexAttribPointer(pos, 2, gl.FLOAT, false, 0, 0)
    const color = gl.getAttribLocation(program, 'a_color')
    gl.bindBuffer(gl.ARRAY_BUFFER, this.colors)
    gl.enableVertexAttribArray(color)
    gl.vertexAttribPointer(color, 3, gl.UNSIGNED_BYTE, false, 0, 0)
    gl.bindVertexArray(null)
    this.uploaded = { version: -1, theme: null }
  }

  onRemove(): void {
    const gl = this.gl
    if (gl) {
      gl.deleteBuffer(this.positions)
      gl.deleteBuffer(this.colors)
      gl.deleteVertexArray(this.vao)
      gl.deleteProgram(this.program)
    }
    this.map = null
    this.gl = null
    this.program = null
  }

  private upload(gl: WebGL2RenderingContext): void {
    const { version, theme } = this.uploaded
    if (version === this.dots.version && theme === this.theme) return
    if (version !== this.dots.version) {
      gl.bindBuffer(gl.ARRAY_BUFFER, this.positions)
      gl.bufferData(gl.ARRAY_BUFFER, this.dots.positions(), gl.DYNAMIC_DRAW)
    }
    gl.bindBuffer(gl.ARRAY_BUFFER, this.colors)
    gl.bufferData(gl.ARRAY_BUFFER, this.dots.colors(this.theme), gl.DYNAMIC_DRAW)
    this.count = this.dots.size
    this.uploaded = { version: this.dots.version, theme: this.theme }
  }

  render(gl: WebGLRenderingContext | WebGL2RenderingContext, options: CustomRenderMethodInput): void {
    const map = this.map
    if (!map || !this.program || !this.uniforms || !('createVertexArray' in gl)) return
    const zoom = map.getZoom()
    if (zoom >= OUTLINES_FULL_ZOOM) return
    this.upload(gl)
    if (this.count === 0) return
    const ratio = map.getPixelRatio()
    const radius = interpolateStops(DOT_STYLE.radius, zoom) * ratio
    const stroke = interpolateStops(DOT_STYLE.stroke, zoom) * ratio
    const size = 2 * (radius + stroke) + 2
    // biome-ignore lint/correctness/useHookAtTopLevel: WebGL's useProgram, not a React hook
    gl.useProgram(this.program)
    gl.uniformMatrix4fv(this.uniforms.matrix, false, options.defaultProjectionData.mainMatrix as Float32List)
    gl.uniform1f(this.uniforms.size, size)
    gl.uniform1f(this.uniforms.radius, radius)
    gl.uniform1f(this.uniforms.stroke, stroke)
    gl.uniform1f(this.uniforms.opacity, interpolateStops(DOT_STYLE.opacity, zoom))
    gl.disable(gl.DEPTH_TEST)
    gl.disable(gl.STENCIL_TEST)
    gl.enable(gl.BLEND)
    // MapLibre's canvas is premultiplied; the fragment shader writes premultiplied colour.
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
    gl.bindVertexArray(this.vao)
    gl.drawArrays(gl.POINTS, 0, this.count)
    gl.bindVertexArray(null)
  }
}

function linkProgram(gl: WebGL2RenderingContext, vertex: string, fragment: string): WebGLProgram | null {
  const compile = (type: number, source: string) => {
    const shader = gl.createShader(type)
    if (!shader) return null
    gl.shaderSource(shader, source)
    gl.compileShader(shader)
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
      console.warn('Result dots shader:', gl.getShaderInfoLog(shader))
      return null
    }
    return shader
  }
  const vs = compile(gl.VERTEX_SHADER, vertex)
  const fs = compile(gl.FRAGMENT_SHADER, fragment)
  const program = gl.createProgram()
  if (!vs || !fs || !program) return null
  gl.attachShader(program, vs)
  gl.attachShader(program, fs)
  gl.linkProgram(program)
  gl.deleteShader(vs)
  gl.deleteShader(fs)
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    console.warn('Result dots program:', gl.getProgramInfoLog(program))
    return null
  }
  return program
}
