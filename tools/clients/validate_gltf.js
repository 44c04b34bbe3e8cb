// Runs Khronos glTF-Validator on glTF and GLB files and prints one line per file.
//   node validate_gltf.js <file>...
// Exit status 1 when any file has an error other than a missing external image (IO_ERROR on
// an image URI whose texture is not shipped beside the model, the one error our writer allows).
const fs = require('fs');
const path = require('path');
const validator = require('gltf-validator');

async function validate(file) {
    let report;
    try {
        report = await validateFile(file);
    } catch (error) {
        console.log(`FAIL ${file}: ${error}`);
        return false;
    }
    return printed(file, report);
}

function validateFile(file) {
    return validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {
        uri: file,
        maxIssues: 1000,
        externalResourceFunction: (uri) => new Promise((resolve, reject) => {
            fs.readFile(path.resolve(path.dirname(file), decodeURIComponent(uri)),
                        (error, data) => error ? reject(error.toString()) : resolve(data));
        }),
    });
}

function printed(file, report) {
    const errors = report.issues.messages.filter((m) => m.severity === 0);
    const isMissingImage = (m) => m.code === 'IO_ERROR' && m.pointer.startsWith('/images/');
    const missing = errors.filter(isMissingImage);
    const real = errors.filter((m) => !isMissingImage(m));
    const detail = real.slice(0, 5).map((m) => `${m.code} ${m.message} @${m.pointer}`);
    console.log(`${real.length ? 'FAIL' : 'ok  '} ${file}: ${real.length} errors, ` +
                `${missing.length} missing resources, ${report.issues.numWarnings} warnings` +
                (detail.length ? '\n      ' + detail.join('\n      ') : ''));
    return real.length === 0;
}

(async () => {
    let ok = true;
    for (const file of process.argv.slice(2)) {
        ok = (await validate(file)) && ok;
    }
    process.exit(ok ? 0 : 1);
})();
