#!/usr/bin/env bash
# Installs the peer libraries the comparison runs against, once per machine:
# pixman (C, Debian package) and, in a venv at Benchmarks/.build-peers-venv, OpenCV, Blend2D
# (blend2d-python) and Pillow-SIMD built from source with AVX2 and libtiff (it replaces Pillow,
# so it gets its own venv); and plain Pillow in Benchmarks/.build-pillow-venv, so
# pillow_simd_peer.py can be run under either.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq libpixman-1-dev libjpeg-dev zlib1g-dev libtiff-dev python3-venv >/dev/null
venv="$here/.build-peers-venv"
python3 -m venv "$venv"
"$venv/bin/pip" install -q --upgrade pip
"$venv/bin/pip" install -q numpy opencv-python-headless blend2d-python
# --no-cache-dir: a wheel cached from a build without libtiff-dev would lack Deflate TIFF support.
CC="cc -mavx2" "$venv/bin/pip" install -q --no-cache-dir --no-binary pillow-simd pillow-simd
"$venv/bin/python" -c "import PIL, cv2, blend2d; from PIL import features; print('Pillow-SIMD', PIL.__version__, 'libtiff', features.check('libtiff'), '/ OpenCV', cv2.__version__, '/ Blend2D binding loaded')"
pillow_venv="$here/.build-pillow-venv"
python3 -m venv "$pillow_venv"
"$pillow_venv/bin/pip" install -q --upgrade pip
"$pillow_venv/bin/pip" install -q pillow numpy
"$pillow_venv/bin/python" -c "import PIL; from PIL import features; print('Pillow', PIL.__version__, 'libtiff', features.check('libtiff'))"
